/**
 * The product block as an editor node: a TipTap `Node.create` extension, an atom (the editor treats it as one unit
 * that the cursor steps over and Backspace removes whole) in the block group, parsed from and rendered to the stored
 * element (src/domain/article-blocks/block-markup.ts) so the editor's HTML is what the sanitizer keeps. Inside the
 * editor it is drawn by a React node view (ReactNodeViewRenderer): a readable card of the chosen products with Edit
 * and Remove.
 */
import { NodeSelection } from '@tiptap/pm/state';
import { mergeAttributes, Node, ReactNodeViewRenderer } from '@tiptap/react';
import { blockAttributes, parseBlockAttributes, type ProductBlock } from '../../../domain/article-blocks/block-markup.ts';
import ProductBlockView from './ProductBlockView.tsx';

// @tiptap/react re-exports @tiptap/core, where the commands' type lives.
declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    productBlock: {
      /** Inserts a block at the cursor; with a block (or any node) selected, after it, never over it. */
      setProductBlock: (block: ProductBlock) => ReturnType;
    };
  }
}

function elementAttributes(element: HTMLElement): Record<string, string> {
  return Object.fromEntries([...element.attributes].map((attribute) => [attribute.name, attribute.value]));
}

export const ProductBlockNode = Node.create({
  name: 'productBlock',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,

  addAttributes() {
    // One attribute holding the whole block: it is parsed and written as one, by the shared rules.
    return { block: { default: null, rendered: false } };
  },

  parseHTML() {
    return [
      {
        tag: 'div[data-product-block]',
        getAttrs: (element) => {
          const block = parseBlockAttributes(elementAttributes(element));
          return block ? { block } : false;
        },
      },
    ];
  },

  renderHTML({ node, HTMLAttributes }) {
    const block = node.attrs.block as ProductBlock | null;
    return ['div', mergeAttributes(HTMLAttributes, block ? blockAttributes(block) : {})];
  },

  addNodeView() {
    return ReactNodeViewRenderer(ProductBlockView);
  },

  addCommands() {
    return {
      setProductBlock:
        (block) =>
        ({ state, commands }) => {
          const content = { type: this.name, attrs: { block } };
          // An inserted atom is left selected: the next insert would otherwise replace the block just made.
          return state.selection instanceof NodeSelection ? commands.insertContentAt(state.selection.to, content) : commands.insertContent(content);
        },
    };
  },
});
