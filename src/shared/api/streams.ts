// The stream page's broadcasts (GET …/streams): the wire types.
import type { TrilingualText } from '../friendly-parse';

export type StreamStatus = 'available' | 'checking' | 'unavailable';

export interface StreamView {
  id: string;
  centre: TrilingualText;
  city: TrilingualText;
  link: string;
  /** The player to frame; null unless the stream is available. */
  embed: string | null;
  status: StreamStatus;
}

export interface StreamsSnapshot {
  streams: StreamView[];
  /** True while some stream has not been checked yet: ask again shortly. */
  checking: boolean;
}
