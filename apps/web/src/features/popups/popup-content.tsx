import { Typography } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { type Block, type Inline, parsePopupMarkdown } from './popup-markdown';

function renderInline(inline: Inline, key: string): ReactNode {
  switch (inline.kind) {
    case 'text':
      return <Fragment key={key}>{inline.text}</Fragment>;
    case 'strong':
      return <strong key={key}>{renderInlines(inline.children)}</strong>;
    case 'em':
      return <em key={key}>{renderInlines(inline.children)}</em>;
    case 'link':
      return (
        <a key={key} href={inline.href} target="_blank" rel="noopener noreferrer">
          {inline.text}
        </a>
      );
  }
}

function renderInlines(inlines: Inline[]): ReactNode[] {
  return inlines.map((inline, index) => renderInline(inline, `${inline.kind}-${index}`));
}

function renderBlock(block: Block, index: number): ReactNode {
  switch (block.kind) {
    case 'heading':
      return (
        <Typography.Title key={index} level={(block.level + 2) as 3 | 4 | 5}>
          {renderInlines(block.content)}
        </Typography.Title>
      );
    case 'paragraph':
      return (
        <Typography.Paragraph key={index}>
          {block.lines.map((line, lineIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines of a rendered text have no other identity
            <Fragment key={lineIndex}>
              {lineIndex > 0 ? <br /> : null}
              {renderInlines(line)}
            </Fragment>
          ))}
        </Typography.Paragraph>
      );
    case 'list': {
      const items = block.items.map((item, itemIndex) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the items of a rendered text have no other identity
        <li key={itemIndex}>{renderInlines(item)}</li>
      ));
      return block.ordered ? <ol key={index}>{items}</ol> : <ul key={index}>{items}</ul>;
    }
  }
}

/** A popup's content as its users see it: its Markdown rendered as React elements (no HTML is ever injected). */
export function PopupContent({ text }: { text: string }) {
  return <div className="isf-popup-content">{parsePopupMarkdown(text).map(renderBlock)}</div>;
}
