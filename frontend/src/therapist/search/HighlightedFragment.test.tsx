import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HighlightedFragment } from './HighlightedFragment';

const marked = (text: string, query: string) =>
  [...render(<HighlightedFragment text={text} query={query} />).container.querySelectorAll('mark')].map((m) => m.textContent);

describe('a search fragment with the words looked for marked', () => {
  it('marks the words as the search reads them: accents optional, any form', () => {
    expect(marked('Practicamos la respiración; las ansiedades bajan.', 'respiracion ansiedad')).toEqual(['respiración', 'ansiedades']);
    expect(marked('Miedos y MIEDO', 'miedo')).toEqual(['Miedos', 'MIEDO']);
  });

  it("marks a phrase's words and leaves the rest of the text as it was", () => {
    const { container } = render(<HighlightedFragment text="…me cuesta respirar, dijo." query={'"me cuesta respirar"'} />);
    expect(container.textContent).toBe('…me cuesta respirar, dijo.');
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['me', 'cuesta', 'respirar']);
  });

  it('marks nothing for a query with no words', () => {
    expect(marked('Texto', '!!')).toEqual([]);
  });
});
