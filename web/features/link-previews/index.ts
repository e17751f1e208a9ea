// What other features use of link-previews; inside the feature, files import each other directly.
export { EditorLinkPreview } from './EditorLinkPreview';
export { ShownLinkPreview } from './ShownLinkPreview';
