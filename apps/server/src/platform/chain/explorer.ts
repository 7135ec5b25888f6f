// The block explorer of the configured chain (spec 9: "blockchain hash detail links open a blockchain
// explorer host chosen by environment"). It is process-wide environment configuration, like the log level,
// so it is set once at start rather than threaded through every chain-detail query.
let explorerBase: string | null = null;

export function setExplorerBase(base: string | null | undefined): void {
  explorerBase = base ? base.replace(/\/+$/, '') : null;
}

/** The explorer page of a transaction (`<base>/tx/0x<hash>`), or null when no explorer is configured. */
export function explorerTxUrl(txHash: string): string | null {
  return explorerBase ? `${explorerBase}/tx/0x${txHash.replace(/^0x/, '')}` : null;
}
