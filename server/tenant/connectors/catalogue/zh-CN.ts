import { zhCN as formItems } from '../form-texts/zh-CN.ts';
import type { ConnectorTexts } from './texts.ts';

export const zhCN: ConnectorTexts = {
  formItems,
  factories: {
    'dev-mailbox': { name: '开发邮箱', description: '将邮件保存在服务器的开发邮箱中，而不发送。仅供本地使用。' },
    smtp: { name: 'SMTP', description: '通过你自己的 SMTP 服务器发送邮件。' },
    'http-email': { name: 'HTTP 邮件', description: '将每封邮件以 JSON 发送到你的端点，由端点负责投递。' },
    'dev-sms': { name: '开发短信发件箱', description: '将短信保存在服务器的开发短信发件箱中，而不发送。仅供本地使用。' },
    'http-sms': { name: 'HTTP 短信', description: '将每条短信以 JSON 发送到你的端点，由端点负责投递。' },
  },
  templates: {
    SignIn: { subject: '你的登录验证码', text: '你的登录验证码是 {{code}}，10 分钟内有效。' },
    Register: { subject: '你的注册验证码', text: '你的账户注册验证码是 {{code}}，10 分钟内有效。' },
    ForgotPassword: { subject: '你的密码重置验证码', text: '你的密码重置验证码是 {{code}}，10 分钟内有效。' },
    OrganizationInvitation: { subject: '你受邀加入一个组织', text: '你受邀加入一个组织。请在此接受邀请：{{link}}' },
    Generic: { subject: '你的验证码', text: '你的验证码是 {{code}}，10 分钟内有效。' },
    UserPermissionValidation: { subject: '确认是你本人', text: '你的身份确认验证码是 {{code}}，10 分钟内有效。' },
    BindNewIdentifier: { subject: '确认你的新地址', text: '将此地址绑定到你账户的验证码是 {{code}}，10 分钟内有效。' },
    MfaVerification: { subject: '你的两步验证码', text: '你的两步验证码是 {{code}}，10 分钟内有效。' },
    BindMfa: { subject: '设置两步验证', text: '设置两步验证的验证码是 {{code}}，10 分钟内有效。' },
  },
  devSms: {
    title: '开发短信发件箱',
    notice: '仅供本地使用：这些短信并未发送。生产环境请设置真实的短信连接器。',
    empty: '暂无短信。',
    to: '收件人',
    from: '发件人',
    sent: '发送时间',
  },
};
