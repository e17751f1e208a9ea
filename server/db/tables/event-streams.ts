/** Each stream of the log and its version, advanced by every insert into `events`. */
export interface EventStreamsTable {
  stream_id: string;
  version: number;
}
