// The accesses a learner has bought (GET …/user/accesses, the profile's flags): the wire types.

export type AccessType = 'test' | 'autodrome' | 'education';

export interface AccessView {
  id: number;
  type: AccessType;
  can: boolean;
  target: { id: number; name: string; picture: string | null };
  date_start: string;
  date_end: string;
}

/** The profile's flags: an access of that type can be used now. */
export type AccessFlags = Record<AccessType, boolean>;
