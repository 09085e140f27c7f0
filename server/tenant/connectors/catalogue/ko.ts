import { ko as formItems } from '../form-texts/ko.ts';
import type { ConnectorTexts } from './texts.ts';

export const ko: ConnectorTexts = {
  formItems,
  factories: {
    'dev-mailbox': { name: '개발용 메일함', description: '이메일을 보내지 않고 서버의 개발용 메일함에 보관합니다. 로컬 사용 전용입니다.' },
    smtp: { name: 'SMTP', description: '자체 SMTP 서버를 통해 이메일을 보냅니다.' },
    'http-email': { name: 'HTTP 이메일', description: '각 이메일을 JSON으로 엔드포인트에 보내고, 엔드포인트가 전달합니다.' },
    'dev-sms': { name: '개발용 SMS 발신함', description: 'SMS를 보내지 않고 서버의 개발용 SMS 발신함에 보관합니다. 로컬 사용 전용입니다.' },
    'http-sms': { name: 'HTTP SMS', description: '각 SMS를 JSON으로 엔드포인트에 보내고, 엔드포인트가 전달합니다.' },
  },
  templates: {
    SignIn: { subject: '로그인 코드', text: '로그인 코드는 {{code}}입니다. 10분 후에 만료됩니다.' },
    Register: { subject: '가입 코드', text: '계정을 만들기 위한 코드는 {{code}}입니다. 10분 후에 만료됩니다.' },
    ForgotPassword: { subject: '비밀번호 재설정 코드', text: '비밀번호 재설정 코드는 {{code}}입니다. 10분 후에 만료됩니다.' },
    OrganizationInvitation: { subject: '조직 초대', text: '조직에 초대되었습니다. 여기에서 초대를 수락하세요: {{link}}' },
    Generic: { subject: '인증 코드', text: '인증 코드는 {{code}}입니다. 10분 후에 만료됩니다.' },
    UserPermissionValidation: { subject: '본인 확인', text: '본인 확인 코드는 {{code}}입니다. 10분 후에 만료됩니다.' },
    BindNewIdentifier: { subject: '새 주소 확인', text: '이 주소를 계정에 연결하기 위한 코드는 {{code}}입니다. 10분 후에 만료됩니다.' },
    MfaVerification: { subject: '2단계 인증 코드', text: '2단계 인증 코드는 {{code}}입니다. 10분 후에 만료됩니다.' },
    BindMfa: { subject: '2단계 인증 설정', text: '2단계 인증을 설정하기 위한 코드는 {{code}}입니다. 10분 후에 만료됩니다.' },
  },
  devSms: {
    title: '개발용 SMS 발신함',
    notice: '로컬 사용 전용: 이 SMS는 발송되지 않았습니다. 운영 환경에서는 실제 SMS 커넥터를 설정하세요.',
    empty: '아직 SMS가 없습니다.',
    to: '받는 사람',
    from: '보낸 사람',
    sent: '보낸 시간',
  },
};
