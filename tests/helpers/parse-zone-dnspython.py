"""Parses zone-file lines with dnspython, a DNS library, for the DNS records test.

Reads the zone text on stdin and the zone's origin as the first argument;
prints one JSON object per record: owner, TTL, class, type, and for SVCB
(RFC 9460) the priority, the target and every SvcParam decoded by
dnspython's own classes (ALPN ids, port, the bytes of a keyNNNNN param).
Anything dnspython refuses exits 1 with its message. Why a Python helper:
no package on the npm registry parses SVCB presentation format (see
tests/helpers/svcb.ts); Debian ships dnspython as python3-dnspython.
"""

import json
import sys

import dns.rdataclass
import dns.rdatatype
import dns.zone
from dns.rdtypes.svcbbase import ALPNParam, GenericParam, ParamKey, PortParam


def param_value(param):
    if isinstance(param, ALPNParam):
        return [alpn.decode("ascii") for alpn in param.ids]
    if isinstance(param, PortParam):
        return param.port
    if isinstance(param, GenericParam):
        return param.value.decode("utf-8")
    return param.to_text()


def main():
    origin = sys.argv[1]
    try:
        zone = dns.zone.from_text(sys.stdin.read(), origin=origin, relativize=False, check_origin=False)
    except Exception as error:  # dnspython raises several types; the message is what the test shows
        print(f"dnspython refused the zone: {type(error).__name__}: {error}", file=sys.stderr)
        sys.exit(1)
    for name, ttl, rdata in zone.iterate_rdatas():
        record = {
            "owner": name.to_text(),
            "ttl": ttl,
            "class": dns.rdataclass.to_text(rdata.rdclass),
            "type": dns.rdatatype.to_text(rdata.rdtype),
        }
        if rdata.rdtype == dns.rdatatype.SVCB:
            record["priority"] = rdata.priority
            record["target"] = rdata.target.to_text()
            record["params"] = {ParamKey.to_text(key).lower(): param_value(param) for key, param in rdata.params.items()}
        print(json.dumps(record))


main()
