import { ptBR as formItems } from '../form-texts/pt-BR.ts';
import type { ConnectorTexts } from './texts.ts';

export const ptBR: ConnectorTexts = {
  formItems,
  factories: {
    'dev-mailbox': { name: 'Caixa de desenvolvimento', description: 'Guarda os e-mails na caixa de desenvolvimento do servidor em vez de enviá-los. Para uso local.' },
    smtp: { name: 'SMTP', description: 'Envia e-mails pelo seu próprio servidor SMTP.' },
    'http-email': { name: 'E-mail via HTTP', description: 'Envia cada e-mail como JSON para o seu endpoint, que faz a entrega.' },
    'dev-sms': { name: 'Caixa de saída de SMS de desenvolvimento', description: 'Guarda os SMS na caixa de saída de desenvolvimento do servidor em vez de enviá-los. Para uso local.' },
    'http-sms': { name: 'SMS via HTTP', description: 'Envia cada SMS como JSON para o seu endpoint, que faz a entrega.' },
  },
  templates: {
    SignIn: { subject: 'Seu código de acesso', text: 'Seu código para entrar é {{code}}. Ele expira em 10 minutos.' },
    Register: { subject: 'Seu código de cadastro', text: 'Seu código para criar sua conta é {{code}}. Ele expira em 10 minutos.' },
    ForgotPassword: { subject: 'Seu código para redefinir a senha', text: 'Seu código para redefinir sua senha é {{code}}. Ele expira em 10 minutos.' },
    OrganizationInvitation: { subject: 'Você foi convidado para uma organização', text: 'Você foi convidado para participar de uma organização. Aceite o convite aqui: {{link}}' },
    Generic: { subject: 'Seu código de verificação', text: 'Seu código de verificação é {{code}}. Ele expira em 10 minutos.' },
    UserPermissionValidation: { subject: 'Confirme que é você', text: 'Seu código para confirmar que é você é {{code}}. Ele expira em 10 minutos.' },
    BindNewIdentifier: { subject: 'Confirme seu novo endereço', text: 'Seu código para vincular este endereço à sua conta é {{code}}. Ele expira em 10 minutos.' },
    MfaVerification: { subject: 'Seu código de verificação em duas etapas', text: 'Seu código de verificação em duas etapas é {{code}}. Ele expira em 10 minutos.' },
    BindMfa: { subject: 'Configure a verificação em duas etapas', text: 'Seu código para configurar a verificação em duas etapas é {{code}}. Ele expira em 10 minutos.' },
  },
  devSms: {
    title: 'Caixa de saída de SMS de desenvolvimento',
    notice: 'Somente para uso local: estes SMS não foram enviados. Configure um conector de SMS real para produção.',
    empty: 'Nenhum SMS ainda.',
    to: 'Para',
    from: 'De',
    sent: 'Enviado',
  },
};
