import { es as formItems } from '../form-texts/es.ts';
import type { ConnectorTexts } from './texts.ts';

export const es: ConnectorTexts = {
  formItems,
  factories: {
    'dev-mailbox': { name: 'Buzón de desarrollo', description: 'Guarda los correos en el buzón de desarrollo del servidor en lugar de enviarlos. Para uso local.' },
    smtp: { name: 'SMTP', description: 'Envía los correos a través de tu propio servidor SMTP.' },
    'http-email': { name: 'Correo por HTTP', description: 'Envía cada correo como JSON a tu endpoint, que se encarga de entregarlo.' },
    'dev-sms': { name: 'Bandeja de SMS de desarrollo', description: 'Guarda los SMS en la bandeja de SMS de desarrollo del servidor en lugar de enviarlos. Para uso local.' },
    'http-sms': { name: 'SMS por HTTP', description: 'Envía cada SMS como JSON a tu endpoint, que se encarga de entregarlo.' },
  },
  templates: {
    SignIn: { subject: 'Tu código de inicio de sesión', text: 'Tu código para iniciar sesión es {{code}}. Caduca en 10 minutos.' },
    Register: { subject: 'Tu código de registro', text: 'Tu código para crear tu cuenta es {{code}}. Caduca en 10 minutos.' },
    ForgotPassword: { subject: 'Tu código para restablecer la contraseña', text: 'Tu código para restablecer tu contraseña es {{code}}. Caduca en 10 minutos.' },
    OrganizationInvitation: { subject: 'Te han invitado a unirte a una organización', text: 'Te han invitado a unirte a una organización. Acepta la invitación aquí: {{link}}' },
    Generic: { subject: 'Tu código de verificación', text: 'Tu código de verificación es {{code}}. Caduca en 10 minutos.' },
    UserPermissionValidation: { subject: 'Confirma que eres tú', text: 'Tu código para confirmar que eres tú es {{code}}. Caduca en 10 minutos.' },
    BindNewIdentifier: { subject: 'Confirma tu nueva dirección', text: 'Tu código para vincular esta dirección a tu cuenta es {{code}}. Caduca en 10 minutos.' },
    MfaVerification: { subject: 'Tu código de verificación en dos pasos', text: 'Tu código de verificación en dos pasos es {{code}}. Caduca en 10 minutos.' },
    BindMfa: { subject: 'Configura la verificación en dos pasos', text: 'Tu código para configurar la verificación en dos pasos es {{code}}. Caduca en 10 minutos.' },
  },
  devSms: {
    title: 'Bandeja de SMS de desarrollo',
    notice: 'Solo para uso local: estos SMS no se enviaron. Configura un conector de SMS real para producción.',
    empty: 'Todavía no hay SMS.',
    to: 'Para',
    from: 'De',
    sent: 'Enviado',
  },
};
