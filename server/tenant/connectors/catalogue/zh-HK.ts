import { zhHK as formItems } from '../form-texts/zh-HK.ts';
import type { ConnectorTexts } from './texts.ts';

export const zhHK: ConnectorTexts = {
  formItems,
  factories: {
    'dev-mailbox': { name: '開發郵箱', description: '將電郵保存在伺服器的開發郵箱中，而不發出。只供本機使用。' },
    smtp: { name: 'SMTP', description: '經你自己的 SMTP 伺服器發送電郵。' },
    'http-email': { name: 'HTTP 電郵', description: '將每封電郵以 JSON 傳送到你的端點，由端點負責發送。' },
    'dev-sms': { name: '開發短訊寄件箱', description: '將短訊保存在伺服器的開發短訊寄件箱中，而不發出。只供本機使用。' },
    'http-sms': { name: 'HTTP 短訊', description: '將每則短訊以 JSON 傳送到你的端點，由端點負責發送。' },
  },
  templates: {
    SignIn: { subject: '你的登入驗證碼', text: '你的登入驗證碼是 {{code}}，10 分鐘內有效。' },
    Register: { subject: '你的註冊驗證碼', text: '你的帳戶註冊驗證碼是 {{code}}，10 分鐘內有效。' },
    ForgotPassword: { subject: '你的密碼重設驗證碼', text: '你的密碼重設驗證碼是 {{code}}，10 分鐘內有效。' },
    OrganizationInvitation: { subject: '你獲邀加入一個組織', text: '你獲邀加入一個組織。請在此接受邀請：{{link}}' },
    Generic: { subject: '你的驗證碼', text: '你的驗證碼是 {{code}}，10 分鐘內有效。' },
    UserPermissionValidation: { subject: '確認是你本人', text: '你的身份確認驗證碼是 {{code}}，10 分鐘內有效。' },
    BindNewIdentifier: { subject: '確認你的新地址', text: '將此地址連結到你帳戶的驗證碼是 {{code}}，10 分鐘內有效。' },
    MfaVerification: { subject: '你的兩步驗證碼', text: '你的兩步驗證碼是 {{code}}，10 分鐘內有效。' },
    BindMfa: { subject: '設定兩步驗證', text: '設定兩步驗證的驗證碼是 {{code}}，10 分鐘內有效。' },
  },
  devSms: {
    title: '開發短訊寄件箱',
    notice: '只供本機使用：這些短訊並未發出。正式環境請設定真正的短訊連接器。',
    empty: '暫時沒有短訊。',
    to: '收件人',
    from: '寄件人',
    sent: '發送時間',
  },
};
