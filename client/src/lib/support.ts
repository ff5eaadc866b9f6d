/** Where users write for help (the footer's support link, money instructions). */
export const SUPPORT_EMAIL = 'support@hydrobridge.example';
