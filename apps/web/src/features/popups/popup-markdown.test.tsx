import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PopupContent } from './popup-content';
import { parseInline, parsePopupMarkdown } from './popup-markdown';

afterEach(cleanup);

describe('popup Markdown', () => {
  it('reads headings, paragraphs with their line breaks, and both kinds of lists', () => {
    const blocks = parsePopupMarkdown('# Maintenance\nSamedi\nde 8 h à 12 h\n\n- un\n* deux\n1. premier\n2) second\nfin');
    expect(blocks).toEqual([
      { kind: 'heading', level: 1, content: [{ kind: 'text', text: 'Maintenance' }] },
      { kind: 'paragraph', lines: [[{ kind: 'text', text: 'Samedi' }], [{ kind: 'text', text: 'de 8 h à 12 h' }]] },
      { kind: 'list', ordered: false, items: [[{ kind: 'text', text: 'un' }], [{ kind: 'text', text: 'deux' }]] },
      { kind: 'list', ordered: true, items: [[{ kind: 'text', text: 'premier' }], [{ kind: 'text', text: 'second' }]] },
      { kind: 'paragraph', lines: [[{ kind: 'text', text: 'fin' }]] },
    ]);
  });

  it('reads bold, italic and links, and keeps lone stars, snake_case and unsafe links as text', () => {
    expect(parseInline('**Important** : *lire* _vite_ [ici](https://isf.example/a)')).toEqual([
      { kind: 'strong', children: [{ kind: 'text', text: 'Important' }] },
      { kind: 'text', text: ' : ' },
      { kind: 'em', children: [{ kind: 'text', text: 'lire' }] },
      { kind: 'text', text: ' ' },
      { kind: 'em', children: [{ kind: 'text', text: 'vite' }] },
      { kind: 'text', text: ' ' },
      { kind: 'link', href: 'https://isf.example/a', text: 'ici' },
    ]);
    expect(parseInline('2 * 3 * 4 et nom_de_fichier')).toEqual([{ kind: 'text', text: '2 * 3 * 4 et nom_de_fichier' }]);
    expect(parseInline('[clic](javascript:alert(1)) [doc](data:text/html,x) [mail](mailto:a@b.fr)')).toEqual([
      { kind: 'text', text: 'clic) doc ' },
      { kind: 'link', href: 'mailto:a@b.fr', text: 'mail' },
    ]);
  });

  it('renders typed HTML as text: no element, script or handler comes from the content', () => {
    const { container } = render(
      <PopupContent text={'<script>window.hacked = true</script>\n<img src=x onerror="alert(1)">\n[x](javascript:alert(1))'} />,
    );
    expect(container.querySelector('script, img, [onerror]')).toBeNull();
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toContain('<script>window.hacked = true</script>');
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('renders links that open apart, safely', () => {
    const { container } = render(<PopupContent text="Voir [le guide](https://isf.example/guide)." />);
    const link = container.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://isf.example/guide');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link?.getAttribute('target')).toBe('_blank');
  });
});
