import { locales, type Locale } from '#schemas/locales.ts';
import { demoSocialLocales } from '../../../../social/demo-messages.ts';
import type { ByLanguage } from './kit.ts';

/** The social factories' names and descriptions in every shipped language (schemas/locales.ts). */
type FactoryTexts = {
  /** A preset's description: signing in with the account of a named provider. */
  accountOf: (provider: string) => string;
  oidc: string;
  oauth2: string;
  demo: string;
};

const texts: Record<Locale, FactoryTexts> = {
  ar: {
    accountOf: (provider) => `تسجيل الدخول باستخدام حساب ${provider}.`,
    oidc: 'تسجيل الدخول عبر أي مزوّد OpenID Connect، مثل مستأجر Gatehouse آخر.',
    oauth2: 'تسجيل الدخول عبر أي مزوّد OAuth 2.0 يوفّر نقطة نهاية لمعلومات المستخدم.',
    demo: 'المزوّد التجريبي المدمج: اختر إحدى الهويتين التجريبيتين، دون اتصال بالإنترنت.',
  },
  de: {
    accountOf: (provider) => `Anmeldung mit einem ${provider}-Konto.`,
    oidc: 'Anmeldung über einen beliebigen OpenID-Connect-Anbieter, zum Beispiel einen anderen Gatehouse-Mandanten.',
    oauth2: 'Anmeldung über einen beliebigen OAuth-2.0-Anbieter mit einem Endpunkt für Benutzerinformationen.',
    demo: 'Der eingebaute Demo-Anbieter: Wählen Sie eine von zwei Demo-Identitäten, ganz ohne Internet.',
  },
  en: {
    accountOf: (provider) => `Sign in with a ${provider} account.`,
    oidc: 'Sign in through any OpenID Connect provider, such as another Gatehouse tenant.',
    oauth2: 'Sign in through any OAuth 2.0 provider that has a user info endpoint.',
    demo: 'The built-in demo provider: choose one of two demo identities, with no internet needed.',
  },
  es: {
    accountOf: (provider) => `Inicia sesión con una cuenta de ${provider}.`,
    oidc: 'Inicia sesión con cualquier proveedor de OpenID Connect, como otro inquilino de Gatehouse.',
    oauth2: 'Inicia sesión con cualquier proveedor de OAuth 2.0 que tenga un endpoint de información del usuario.',
    demo: 'El proveedor de demostración integrado: elige una de dos identidades de prueba, sin necesidad de internet.',
  },
  fr: {
    accountOf: (provider) => `Connexion avec un compte ${provider}.`,
    oidc: 'Connexion via n’importe quel fournisseur OpenID Connect, par exemple un autre locataire Gatehouse.',
    oauth2: 'Connexion via n’importe quel fournisseur OAuth 2.0 doté d’un point de terminaison d’informations utilisateur.',
    demo: 'Le fournisseur de démonstration intégré : choisissez l’une des deux identités de démonstration, sans internet.',
  },
  it: {
    accountOf: (provider) => `Accedi con un account ${provider}.`,
    oidc: 'Accedi tramite qualsiasi provider OpenID Connect, ad esempio un altro tenant Gatehouse.',
    oauth2: 'Accedi tramite qualsiasi provider OAuth 2.0 che abbia un endpoint per le informazioni utente.',
    demo: 'Il provider dimostrativo integrato: scegli una delle due identità demo, senza bisogno di internet.',
  },
  ja: {
    accountOf: (provider) => `${provider} アカウントでサインインします。`,
    oidc: '任意の OpenID Connect プロバイダー（別の Gatehouse テナントなど）でサインインします。',
    oauth2: 'ユーザー情報エンドポイントを持つ任意の OAuth 2.0 プロバイダーでサインインします。',
    demo: '組み込みのデモプロバイダー：2 つのデモ ID から 1 つを選びます。インターネットは不要です。',
  },
  ko: {
    accountOf: (provider) => `${provider} 계정으로 로그인합니다.`,
    oidc: '다른 Gatehouse 테넌트 등 모든 OpenID Connect 공급자를 통해 로그인합니다.',
    oauth2: '사용자 정보 엔드포인트가 있는 모든 OAuth 2.0 공급자를 통해 로그인합니다.',
    demo: '기본 제공 데모 공급자: 두 개의 데모 ID 중 하나를 선택합니다. 인터넷이 필요 없습니다.',
  },
  'pl-PL': {
    accountOf: (provider) => `Logowanie za pomocą konta ${provider}.`,
    oidc: 'Logowanie przez dowolnego dostawcę OpenID Connect, na przykład innego dzierżawcę Gatehouse.',
    oauth2: 'Logowanie przez dowolnego dostawcę OAuth 2.0, który ma punkt końcowy informacji o użytkowniku.',
    demo: 'Wbudowany dostawca demonstracyjny: wybierz jedną z dwóch tożsamości demonstracyjnych, bez internetu.',
  },
  'pt-BR': {
    accountOf: (provider) => `Entre com uma conta ${provider}.`,
    oidc: 'Entre por qualquer provedor OpenID Connect, como outro locatário do Gatehouse.',
    oauth2: 'Entre por qualquer provedor OAuth 2.0 que tenha um endpoint de informações do usuário.',
    demo: 'O provedor de demonstração integrado: escolha uma de duas identidades de demonstração, sem precisar de internet.',
  },
  'pt-PT': {
    accountOf: (provider) => `Inicie sessão com uma conta ${provider}.`,
    oidc: 'Inicie sessão através de qualquer fornecedor OpenID Connect, como outro inquilino do Gatehouse.',
    oauth2: 'Inicie sessão através de qualquer fornecedor OAuth 2.0 que tenha um endpoint de informações do utilizador.',
    demo: 'O fornecedor de demonstração integrado: escolha uma de duas identidades de demonstração, sem precisar de internet.',
  },
  ru: {
    accountOf: (provider) => `Вход с учётной записью ${provider}.`,
    oidc: 'Вход через любого провайдера OpenID Connect, например другой тенант Gatehouse.',
    oauth2: 'Вход через любого провайдера OAuth 2.0 с конечной точкой сведений о пользователе.',
    demo: 'Встроенный демонстрационный провайдер: выберите одну из двух демо-учётных записей, без интернета.',
  },
  'tr-TR': {
    accountOf: (provider) => `${provider} hesabıyla oturum açın.`,
    oidc: 'Başka bir Gatehouse kiracısı gibi herhangi bir OpenID Connect sağlayıcısıyla oturum açın.',
    oauth2: 'Kullanıcı bilgisi uç noktası olan herhangi bir OAuth 2.0 sağlayıcısıyla oturum açın.',
    demo: 'Yerleşik demo sağlayıcısı: iki demo kimliğinden birini seçin, internet gerekmez.',
  },
  'zh-CN': {
    accountOf: (provider) => `使用 ${provider} 账号登录。`,
    oidc: '通过任意 OpenID Connect 提供商登录，例如另一个 Gatehouse 租户。',
    oauth2: '通过任意提供用户信息端点的 OAuth 2.0 提供商登录。',
    demo: '内置的演示提供商：从两个演示身份中选择一个，无需联网。',
  },
  'zh-HK': {
    accountOf: (provider) => `使用 ${provider} 帳戶登入。`,
    oidc: '透過任何 OpenID Connect 供應商登入，例如另一個 Gatehouse 租戶。',
    oauth2: '透過任何提供用戶資料端點的 OAuth 2.0 供應商登入。',
    demo: '內置的示範供應商：從兩個示範身份中選擇一個，毋須連接互聯網。',
  },
  'zh-TW': {
    accountOf: (provider) => `使用 ${provider} 帳號登入。`,
    oidc: '透過任何 OpenID Connect 提供者登入，例如另一個 Gatehouse 租用戶。',
    oauth2: '透過任何提供使用者資訊端點的 OAuth 2.0 提供者登入。',
    demo: '內建的示範提供者：從兩個示範身分中選擇一個，不需要網際網路。',
  },
};

const everyLanguage = (text: (locale: Locale) => string): ByLanguage => Object.fromEntries(locales.map((locale) => [locale, text(locale)]));

/** A provider's own name, the same in every language. */
export const sameName = (name: string) => everyLanguage(() => name);

export const factoryTexts = {
  demo: { name: everyLanguage((locale) => demoSocialLocales[locale].connectorName), description: everyLanguage((locale) => texts[locale].demo) },
  oidc: { name: sameName('OpenID Connect'), description: everyLanguage((locale) => texts[locale].oidc) },
  oauth2: { name: sameName('OAuth 2.0'), description: everyLanguage((locale) => texts[locale].oauth2) },
  /** A preset: the provider's name, and signing in with its account. */
  preset: (provider: string) => ({ name: sameName(provider), description: everyLanguage((locale) => texts[locale].accountOf(provider)) }),
};
