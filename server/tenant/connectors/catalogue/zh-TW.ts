import { zhTW as formItems } from '../form-texts/zh-TW.ts';
import type { ConnectorTexts } from './texts.ts';

export const zhTW: ConnectorTexts = {
  formItems,
  factories: {
    'dev-mailbox': { name: '開發信箱', description: '將郵件保存在伺服器的開發信箱中，而不寄出。僅供本機使用。' },
    smtp: { name: 'SMTP', description: '透過你自己的 SMTP 伺服器寄送郵件。' },
    'http-email': { name: 'HTTP 郵件', description: '將每封郵件以 JSON 傳送到你的端點，由端點負責寄送。' },
    'dev-sms': { name: '開發簡訊寄件匣', description: '將簡訊保存在伺服器的開發簡訊寄件匣中，而不發送。僅供本機使用。' },
    'http-sms': { name: 'HTTP 簡訊', description: '將每則簡訊以 JSON 傳送到你的端點，由端點負責發送。' },
  },
  templates: {
    SignIn: { subject: '你的登入驗證碼', text: '你的登入驗證碼是 {{code}}，10 分鐘內有效。' },
    Register: { subject: '你的註冊驗證碼', text: '你的帳戶註冊驗證碼是 {{code}}，10 分鐘內有效。' },
    ForgotPassword: { subject: '你的密碼重設驗證碼', text: '你的密碼重設驗證碼是 {{code}}，10 分鐘內有效。' },
    OrganizationInvitation: { subject: '你受邀加入一個組織', text: '你受邀加入一個組織。請在此接受邀請：{{link}}' },
    Generic: { subject: '你的驗證碼', text: '你的驗證碼是 {{code}}，10 分鐘內有效。' },
    UserPermissionValidation: { subject: '確認是你本人', text: '你的身分確認驗證碼是 {{code}}，10 分鐘內有效。' },
    BindNewIdentifier: { subject: '確認你的新地址', text: '將此地址綁定到你帳戶的驗證碼是 {{code}}，10 分鐘內有效。' },
    MfaVerification: { subject: '你的兩步驟驗證碼', text: '你的兩步驟驗證碼是 {{code}}，10 分鐘內有效。' },
    BindMfa: { subject: '設定兩步驟驗證', text: '設定兩步驟驗證的驗證碼是 {{code}}，10 分鐘內有效。' },
  },
  devSms: {
    title: '開發簡訊寄件匣',
    notice: '僅供本機使用：這些簡訊並未發送。正式環境請設定真正的簡訊連接器。',
    empty: '目前沒有簡訊。',
    to: '收件人',
    from: '寄件人',
    sent: '發送時間',
  },
};
