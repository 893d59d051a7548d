// The e-mails that carry a password link: a reset the user asked for, or the invitation of a new user.
const texts = {
  reset: {
    en: {
      subject: 'Reset your password',
      body: 'Someone (we hope you) asked to reset the password of your account. Choose a new one here:',
      ignore: 'If you did not ask for it, ignore this e-mail: your password stays as it is.',
    },
    es: {
      subject: 'Restablecer contraseña',
      body: 'Alguien (esperamos que tú) ha pedido restablecer la contraseña de tu cuenta. Elige una nueva aquí:',
      ignore: 'Si no lo has pedido tú, ignora este correo: tu contraseña no cambia.',
    },
  },
  invitation: {
    en: {
      subject: 'Your account on the network-quality platform',
      body: 'An account has been created for you. Choose your password here:',
      ignore: 'If you do not expect this account, ignore this e-mail.',
    },
    es: {
      subject: 'Tu cuenta en la plataforma de calidad de red',
      body: 'Se ha creado una cuenta para ti. Elige tu contraseña aquí:',
      ignore: 'Si no esperabas esta cuenta, ignora este correo.',
    },
  },
} as const;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

export function passwordMessage(purpose: keyof typeof texts, language: 'en' | 'es', link: string, ttlMs: number) {
  const text = texts[purpose][language];
  const hours = Math.max(1, Math.round(ttlMs / 3_600_000));
  const validity =
    language === 'es'
      ? `El enlace caduca en ${hours} h y sirve una sola vez.`
      : `The link expires in ${hours} h and works once.`;
  return {
    subject: text.subject,
    text: `${text.body}\n\n${link}\n\n${validity}\n${text.ignore}\n`,
    html: `<p>${escapeHtml(text.body)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p><p>${escapeHtml(validity)}<br>${escapeHtml(text.ignore)}</p>`,
  };
}
