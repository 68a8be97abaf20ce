// What the service does with the browser's candidates. Chromium names its host candidates with random
// `.local` mDNS names: resolving them would take a multicast query that only a machine on the visitor's own
// network could answer (werift tries for 10 s per name, on a socket of its own), so they are dropped. The
// browser's connectivity checks still reach the service's candidates, and ICE learns the browser's address
// from them (a peer-reflexive candidate). For the same reason the end of the browser's candidates is never
// taken as final: werift would give up on a checklist left empty by the dropped names.

const CANDIDATE_ADDRESS = /^(?:a=)?candidate:\S+ \d+ \S+ \d+ (\S+) /;

/** A candidate (`candidate:…` or an SDP `a=candidate:` line) whose address is an mDNS name. */
export function isMdnsCandidate(candidate: string): boolean {
  return /\.local$/i.test(CANDIDATE_ADDRESS.exec(candidate.trim())?.[1] ?? '');
}

/** The offer without its mDNS candidates and without `a=end-of-candidates`. */
export function usableOffer(sdp: string): string {
  return sdp
    .split(/(?<=\n)/)
    .filter((line) => !isMdnsCandidate(line) && !/^a=end-of-candidates\r?\n?$/.test(line))
    .join('');
}
