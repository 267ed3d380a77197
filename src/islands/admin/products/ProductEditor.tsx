/**
 * Placeholder until the product form lands (issue 10, point 4): the editor of one product, in the same form as
 * Manual Form. The products list opens it; `onDone` is called after a save or on cancel.
 */
export interface ProductEditorProps {
  productId: number;
  onDone: () => void;
}

export default function ProductEditor({ productId }: ProductEditorProps) {
  return <p className="text-ink-muted">Editing product {productId} is coming soon.</p>;
}
