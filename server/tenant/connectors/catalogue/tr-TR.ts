import { trTR as formItems } from '../form-texts/tr-TR.ts';
import type { ConnectorTexts } from './texts.ts';

export const trTR: ConnectorTexts = {
  formItems,
  factories: {
    'dev-mailbox': { name: 'Geliştirici posta kutusu', description: 'E-postaları göndermek yerine sunucunun geliştirici posta kutusunda tutar. Yerel kullanım içindir.' },
    smtp: { name: 'SMTP', description: 'E-postaları kendi SMTP sunucunuz üzerinden gönderir.' },
    'http-email': { name: 'HTTP e-posta', description: 'Her e-postayı JSON olarak, onu ileten uç noktanıza gönderir.' },
    'dev-sms': { name: 'Geliştirici SMS giden kutusu', description: 'SMS mesajlarını göndermek yerine sunucunun geliştirici SMS giden kutusunda tutar. Yerel kullanım içindir.' },
    'http-sms': { name: 'HTTP SMS', description: 'Her SMS mesajını JSON olarak, onu ileten uç noktanıza gönderir.' },
  },
  templates: {
    SignIn: { subject: 'Giriş kodunuz', text: 'Giriş yapmak için kodunuz {{code}}. Kod 10 dakika içinde geçerliliğini yitirir.' },
    Register: { subject: 'Kayıt kodunuz', text: 'Hesabınızı oluşturmak için kodunuz {{code}}. Kod 10 dakika içinde geçerliliğini yitirir.' },
    ForgotPassword: { subject: 'Parola sıfırlama kodunuz', text: 'Parolanızı sıfırlamak için kodunuz {{code}}. Kod 10 dakika içinde geçerliliğini yitirir.' },
    OrganizationInvitation: { subject: 'Bir kuruluşa davet edildiniz', text: 'Bir kuruluşa katılmaya davet edildiniz. Daveti buradan kabul edin: {{link}}' },
    Generic: { subject: 'Doğrulama kodunuz', text: 'Doğrulama kodunuz {{code}}. Kod 10 dakika içinde geçerliliğini yitirir.' },
    UserPermissionValidation: { subject: 'Siz olduğunuzu doğrulayın', text: 'Siz olduğunuzu doğrulamak için kodunuz {{code}}. Kod 10 dakika içinde geçerliliğini yitirir.' },
    BindNewIdentifier: { subject: 'Yeni adresinizi doğrulayın', text: 'Bu adresi hesabınıza bağlamak için kodunuz {{code}}. Kod 10 dakika içinde geçerliliğini yitirir.' },
    MfaVerification: { subject: 'İki adımlı doğrulama kodunuz', text: 'İki adımlı doğrulama kodunuz {{code}}. Kod 10 dakika içinde geçerliliğini yitirir.' },
    BindMfa: { subject: 'İki adımlı doğrulamayı ayarlayın', text: 'İki adımlı doğrulamayı ayarlamak için kodunuz {{code}}. Kod 10 dakika içinde geçerliliğini yitirir.' },
  },
  devSms: {
    title: 'Geliştirici SMS giden kutusu',
    notice: 'Yalnızca yerel kullanım içindir: bu SMS mesajları gönderilmedi. Canlı ortam için gerçek bir SMS bağlayıcısı ayarlayın.',
    empty: 'Henüz SMS yok.',
    to: 'Alıcı',
    from: 'Gönderen',
    sent: 'Gönderilme zamanı',
  },
};
