import type { SignInExperienceSettings } from '#schemas/sign-in-experience.ts';

/** A tenant's branding as the sign-in page tests and the bench set it: brand colours with dark mode, logos and icons per scheme, links and support. */
export const brandedSignInExperience: Partial<SignInExperienceSettings> = {
  color: { primaryColor: '#0a7d4f', isDarkModeEnabled: true, darkPrimaryColor: '#3ddc97' },
  branding: {
    logoUrl: 'https://cdn.example.test/logo.png',
    darkLogoUrl: 'https://cdn.example.test/logo-dark.png',
    favicon: 'https://cdn.example.test/icon.png',
    darkFavicon: 'https://cdn.example.test/icon-dark.png',
  },
  customCss: ".gh-footer{display:none} body{background:url('https://cdn.example.test/bg.png')}",
  termsOfUseUrl: 'https://shop.example.test/terms',
  privacyPolicyUrl: 'https://shop.example.test/privacy',
  supportEmail: 'help@shop.example.test',
  supportWebsiteUrl: 'https://shop.example.test/help',
};
