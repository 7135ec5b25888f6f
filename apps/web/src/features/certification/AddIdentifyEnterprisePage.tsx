import { CertificationPage } from './CertificationPage';

/** /addIdentifyEnterprise: certify one more company from the console (user dropdown, spec 2.5). */
export default function AddIdentifyEnterprisePage() {
  return <CertificationPage entry="add" />;
}
