/** A WhatsApp click-to-chat link that opens a conversation with the text already typed. */
export function chatUrl(number: string, text: string): string {
  return `https://wa.me/${number.replace(/\D/g, "")}?text=${encodeURIComponent(text)}`;
}
