// The words of the account e-mails. Plain text only: a link in plain text works in every mail program and no HTML
// of ours can be turned against the reader.

export const VERIFY_LINK_HOURS = 48;
export const RESET_LINK_MINUTES = 60;

export function verificationEmail(name: string, link: string) {
  return {
    subject: 'Please verify your e-mail for FoodBridge',
    text: [
      `Hello ${name},`,
      '',
      'Please confirm that this is your e-mail address by opening this link:',
      link,
      '',
      `The link works once, for ${VERIFY_LINK_HOURS} hours. If you did not create a FoodBridge account, ignore this message.`,
      '',
      'FoodBridge',
    ].join('\n'),
  };
}

export function passwordResetEmail(name: string, link: string) {
  return {
    subject: 'Reset your FoodBridge password',
    text: [
      `Hello ${name},`,
      '',
      'Someone (we hope you) asked to reset the password of your FoodBridge account. To choose a new one, open this link:',
      link,
      '',
      `The link works once, for ${RESET_LINK_MINUTES} minutes. Choosing a new password signs you out on every device.`,
      'If you did not ask for this, ignore this message: your password stays as it is.',
      '',
      'FoodBridge',
    ].join('\n'),
  };
}
