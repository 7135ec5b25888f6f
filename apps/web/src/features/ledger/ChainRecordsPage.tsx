import { ResourceList } from '../../shared/list/ResourceList';
import { chainRecordsResource } from './chainRecordsResource';
import { HashLookup } from './HashLookup';
import './ledger.css';

/** On-chain evidence records (spec 7 /graph/queryProductChainRecordsPage, /graph/getHash). */
export default function ChainRecordsPage() {
  return (
    <div className="page-stack">
      <HashLookup />
      <ResourceList resource={chainRecordsResource} />
    </div>
  );
}
