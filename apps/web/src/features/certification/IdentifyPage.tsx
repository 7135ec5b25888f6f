import { CertificationPage } from './CertificationPage';

/** /identify: where an account without a certified enterprise lands (spec 4). */
export default function IdentifyPage() {
  return <CertificationPage entry="identify" />;
}
