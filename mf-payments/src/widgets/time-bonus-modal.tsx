/**
 * Time-bonus modal (spec sections 4 and 9). Renders nothing until the payments capability
 * builds it; exposed now so the shell's default layout can mount it.
 */
export default function TimeBonusModal() {
  return null;
}
