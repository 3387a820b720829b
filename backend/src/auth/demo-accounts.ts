/** The e-mail domain of the demo practice's accounts (seeded in embedded mode, and whenever DEMO_LOGIN is on). */
export const DEMO_EMAIL_DOMAIN = 'demo.consulta.es';
