/**
 * The three-tier chain both trace tests build (trace-walk.test.ts by rows, trace.test.ts by imports), seen
 * from the mine's ore lot upwards: every link as `from -kind[documents]-> to`, sorted. Two pack lots of one
 * cathode batch reach two vehicles, one through a completion, one fitted through table B1-1.
 */
export const MINE_LOT_UP_LINES = [
  'mine:ORE/ORE-01 -consumed[LL-M1,WG-M1]-> mine:LI2CO3/LC-01',
  'mine:LI2CO3/LC-01 -supplied[XS-M1,RK-T2]-> t2:T2-LITHIUM/LC-01',
  't2:T2-LITHIUM/LC-01 -consumed[LL-T2,WG-T2]-> t2:NCM811/CAT-01',
  't2:NCM811/CAT-01 -supplied[XS-T2,RK-T1]-> t1:NCM811/CAT-01',
  't1:NCM811/CAT-01 -consumed[LL-T1,WG-T1A]-> t1:PACK-75/PK-01',
  't1:NCM811/CAT-01 -consumed[LL-T1,WG-T1B]-> t1:PACK-75/PK-02',
  't1:PACK-75/PK-01 -supplied[XS-T1A,RK-A1]-> auto:A-BATTERY/PK-01',
  't1:PACK-75/PK-02 -supplied[XS-T1B,RK-A2]-> auto:A-BATTERY/PK-02',
  'auto:A-BATTERY/PK-01 -consumed[LL-A1,WG-A1]-> auto:CAR-X/VIN-1',
  'auto:A-BATTERY/PK-02 -fitted[B11-2]-> auto:/VIN-2',
].sort();
