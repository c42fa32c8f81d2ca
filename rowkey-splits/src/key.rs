//! The split points a key type's layout calls for.

use rowkey_runtime::RowKey;

use crate::buckets::for_layout;
use crate::SplitError;

/// Split points that pre-split a table of `K` keys into `regions` regions, chosen from the
/// layout: whole buckets for bucket salts ([`salt_buckets`](crate::salt_buckets), in the salt's
/// text form in text keys), even ranges of an md5 prefix ([`uniform`](crate::uniform) over the
/// digest), HBase's `HexStringSplit`/`DecimalStringSplit` for a leading `#[hex(N)]`/
/// `#[decimal(N)]` field (up to the type's largest value). Other layouts say
/// [`SplitError::NeedsSample`]: use [`from_sample`](crate::from_sample) with real keys.
///
/// Every derived key also has it as `K::split_points(regions)` (with the facade's `splits`
/// feature); this function is the same for generic code.
///
/// ```
/// use rowkey::RowKey;
///
/// #[derive(RowKey)]
/// #[salt(md5, buckets = 16, of = "id")]
/// struct Event { ts: u64, id: u64 }
///
/// assert_eq!(rowkey::splits::split_points::<Event>(4).unwrap(), [vec![4], vec![8], vec![12]]);
/// ```
pub fn split_points<K: RowKey>(regions: usize) -> Result<Vec<Vec<u8>>, SplitError> {
    for_layout(K::SALT, K::SALT_TEXT, K::LEADING_DIGITS, regions)
}
