import { ptPT as formItems } from '../form-texts/pt-PT.ts';
import type { ConnectorTexts } from './texts.ts';

export const ptPT: ConnectorTexts = {
  formItems,
  factories: {
    'dev-mailbox': { name: 'Caixa de desenvolvimento', description: 'Guarda os e-mails na caixa de desenvolvimento do servidor em vez de os enviar. Para utilização local.' },
    smtp: { name: 'SMTP', description: 'Envia e-mails através do seu próprio servidor SMTP.' },
    'http-email': { name: 'E-mail por HTTP', description: 'Envia cada e-mail em JSON para o seu endpoint, que trata da entrega.' },
    'dev-sms': { name: 'Caixa de saída de SMS de desenvolvimento', description: 'Guarda as SMS na caixa de saída de desenvolvimento do servidor em vez de as enviar. Para utilização local.' },
    'http-sms': { name: 'SMS por HTTP', description: 'Envia cada SMS em JSON para o seu endpoint, que trata da entrega.' },
  },
  templates: {
    SignIn: { subject: 'O seu código de início de sessão', text: 'O seu código para iniciar sessão é {{code}}. Expira dentro de 10 minutos.' },
    Register: { subject: 'O seu código de registo', text: 'O seu código para criar a sua conta é {{code}}. Expira dentro de 10 minutos.' },
    ForgotPassword: { subject: 'O seu código para repor a palavra-passe', text: 'O seu código para repor a sua palavra-passe é {{code}}. Expira dentro de 10 minutos.' },
    OrganizationInvitation: { subject: 'Foi convidado para uma organização', text: 'Foi convidado para aderir a uma organização. Aceite o convite aqui: {{link}}' },
    Generic: { subject: 'O seu código de verificação', text: 'O seu código de verificação é {{code}}. Expira dentro de 10 minutos.' },
    UserPermissionValidation: { subject: 'Confirme que é você', text: 'O seu código para confirmar que é você é {{code}}. Expira dentro de 10 minutos.' },
    BindNewIdentifier: { subject: 'Confirme o seu novo endereço', text: 'O seu código para associar este endereço à sua conta é {{code}}. Expira dentro de 10 minutos.' },
    MfaVerification: { subject: 'O seu código de verificação em dois passos', text: 'O seu código de verificação em dois passos é {{code}}. Expira dentro de 10 minutos.' },
    BindMfa: { subject: 'Configure a verificação em dois passos', text: 'O seu código para configurar a verificação em dois passos é {{code}}. Expira dentro de 10 minutos.' },
  },
  devSms: {
    title: 'Caixa de saída de SMS de desenvolvimento',
    notice: 'Apenas para utilização local: estas SMS não foram enviadas. Configure um conector de SMS real para produção.',
    empty: 'Ainda não há SMS.',
    to: 'Para',
    from: 'De',
    sent: 'Enviada',
  },
};
