/**
 * 'J. D.' for 'John Doe' (at most three initials: first and the last two): all the public tracking page says
 * of who received a delivery (decision 015, 'Proof of delivery').
 */
export function receiverInitials(name: string): string {
  const words = name
    .normalize("NFC")
    .split(/[\s\-.,]+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+/u, ""))
    .filter((word) => word !== "");
  const initials = words.map((word) => `${[...word][0]!.toLocaleUpperCase("en")}.`);
  return (initials.length > 3 ? [initials[0]!, ...initials.slice(-2)] : initials).join(" ");
}
