import { describe, expect, it } from 'vitest';
import { attachmentDisposition, cleanFileName } from './fileName.ts';

describe('a file’s download name', () => {
  it('keeps the last segment of what was sent, without control characters, or names it by its format', () => {
    expect(cleanFileName('C:\\Users\\ada\\report.pdf', 'pdf')).toBe('report.pdf');
    expect(cleanFileName('../../etc/passwd', 'txt')).toBe('passwd');
    expect(cleanFileName('a\u0000b\nc.txt', 'txt')).toBe('abc.txt');
    expect(cleanFileName('  ', 'zip')).toBe('file.zip');
    expect(cleanFileName(undefined, 'pdf')).toBe('file.pdf');
    expect([...cleanFileName(`${'é'.repeat(300)}.pdf`, 'pdf')]).toHaveLength(200);
  });

  it('is always an attachment, with an ASCII fallback and the real name encoded (RFC 5987)', () => {
    expect(attachmentDisposition('notes.txt')).toBe(`attachment; filename="notes.txt"; filename*=UTF-8''notes.txt`);
    expect(attachmentDisposition('Ünï "q" (1).pdf')).toBe(
      `attachment; filename="_n_ _q_ (1).pdf"; filename*=UTF-8''%C3%9Cn%C3%AF%20%22q%22%20%281%29.pdf`,
    );
  });
});
