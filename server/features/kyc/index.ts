// What other features use of KYC: its document upload.
export { checkedFile, documentMultipart, readDocumentParts, type DocumentPart } from './upload.ts';
