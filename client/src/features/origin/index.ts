// What other features show of Guarantees of Origin (docs/carbon.md): the carbon figure with its badge.
export { CarbonIntensity } from './components/CarbonIntensity.tsx';
export { useCertificates, useReviewCertificate } from './api/certificates.ts';
export { CertificateFacts } from './components/CertificateFacts.tsx';
