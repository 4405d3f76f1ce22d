/**
 * Welcome-bonus banner with countdown (spec section 2). Renders nothing until the payments
 * capability builds it; exposed now so the shell can mount it in the warnings header.
 */
export default function WelcomeBonusBanner() {
  return null;
}
