//! The few protocol-buffer writes HBase's filter messages need (proto2 wire format): a field's
//! tag, varints, length-delimited bytes, bools. Fields are written in field-number order, as
//! protobuf-java's `toByteArray` does.

/// Appends `v` as a base-128 varint.
pub fn varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Appends field `field` of wire type 2 (length-delimited) holding `bytes`.
pub fn bytes(out: &mut Vec<u8>, field: u32, bytes: &[u8]) {
    varint(out, u64::from(field << 3 | 2));
    varint(out, bytes.len() as u64);
    out.extend_from_slice(bytes);
}

/// Appends field `field` of wire type 0 (varint) holding `b`.
pub fn boolean(out: &mut Vec<u8>, field: u32, b: bool) {
    varint(out, u64::from(field << 3));
    out.push(u8::from(b));
}

/// `hbase.pb.Filter { name, serialized_filter }`: what a Thrift `TScan.filterBytes` or a
/// `Scan`'s protobuf carries.
pub fn filter(class: &str, serialized: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(class.len() + serialized.len() + 8);
    bytes(&mut out, 1, class.as_bytes());
    bytes(&mut out, 2, serialized);
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn varints_match_the_protobuf_examples() {
        // From the protobuf encoding guide: 1 is 01, 150 is 96 01, 300 is ac 02.
        for (v, want) in [
            (1u64, &[0x01][..]),
            (150, &[0x96, 0x01]),
            (300, &[0xAC, 0x02]),
        ] {
            let mut out = Vec::new();
            super::varint(&mut out, v);
            assert_eq!(out, want);
        }
    }
}
