import { ja as formItems } from '../form-texts/ja.ts';
import type { ConnectorTexts } from './texts.ts';

export const ja: ConnectorTexts = {
  formItems,
  factories: {
    'dev-mailbox': { name: '開発用メールボックス', description: 'メールを送信せず、サーバーの開発用メールボックスに保存します。ローカル用です。' },
    smtp: { name: 'SMTP', description: 'ご自身の SMTP サーバーからメールを送信します。' },
    'http-email': { name: 'HTTP メール', description: '各メールを JSON でエンドポイントに送信し、そこから配信します。' },
    'dev-sms': { name: '開発用 SMS 送信箱', description: 'SMS を送信せず、サーバーの開発用 SMS 送信箱に保存します。ローカル用です。' },
    'http-sms': { name: 'HTTP SMS', description: '各 SMS を JSON でエンドポイントに送信し、そこから配信します。' },
  },
  templates: {
    SignIn: { subject: 'サインインコード', text: 'サインイン用のコードは {{code}} です。有効期限は 10 分です。' },
    Register: { subject: '登録コード', text: 'アカウント作成用のコードは {{code}} です。有効期限は 10 分です。' },
    ForgotPassword: { subject: 'パスワード再設定コード', text: 'パスワード再設定用のコードは {{code}} です。有効期限は 10 分です。' },
    OrganizationInvitation: { subject: '組織への招待', text: '組織への参加に招待されました。こちらから招待を承諾してください: {{link}}' },
    Generic: { subject: '確認コード', text: '確認コードは {{code}} です。有効期限は 10 分です。' },
    UserPermissionValidation: { subject: 'ご本人確認', text: 'ご本人確認用のコードは {{code}} です。有効期限は 10 分です。' },
    BindNewIdentifier: { subject: '新しいアドレスの確認', text: 'このアドレスをアカウントに紐付けるためのコードは {{code}} です。有効期限は 10 分です。' },
    MfaVerification: { subject: '2 段階認証コード', text: '2 段階認証コードは {{code}} です。有効期限は 10 分です。' },
    BindMfa: { subject: '2 段階認証の設定', text: '2 段階認証を設定するためのコードは {{code}} です。有効期限は 10 分です。' },
  },
  devSms: {
    title: '開発用 SMS 送信箱',
    notice: 'ローカル専用: これらの SMS は送信されていません。本番環境では実際の SMS コネクターを設定してください。',
    empty: 'SMS はまだありません。',
    to: '宛先',
    from: '送信者',
    sent: '送信日時',
  },
};
