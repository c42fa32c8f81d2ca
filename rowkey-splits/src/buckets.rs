//! Split points of salted keys (whole buckets, never a region boundary inside one), and the
//! split points a key's layout calls for.

use super::big::Big;
use super::regionsplitter::{uniform, NumberStringSplit};
use super::SplitError;
use rowkey_runtime::salt::{Salt, SaltText};

/// Split points on bucket bytes: with `regions == buckets`, Phoenix's pre-split (`[01]` …
/// `[n-1]`); with fewer regions, whole buckets spread evenly. Never inside a bucket: more
/// regions than buckets is an error (use [`from_sample`](super::from_sample) to split inside buckets).
///
/// ```
/// let s = rowkey::splits::salt_buckets(16, 4).unwrap();
/// assert_eq!(s, [vec![4], vec![8], vec![12]]);
/// ```
pub fn salt_buckets(buckets: u16, regions: usize) -> Result<Vec<Vec<u8>>, SplitError> {
    bucket_starts(usize::from(buckets), regions)
        .map(|b| b.into_iter().map(|b| vec![b as u8]).collect())
}

/// The first bucket of every region but the first.
fn bucket_starts(buckets: usize, regions: usize) -> Result<Vec<usize>, SplitError> {
    if regions == 0 || buckets == 0 {
        return Err(SplitError::Empty);
    }
    if regions > buckets {
        return Err(SplitError::NeedsSample(
            "more regions than salt buckets would split inside a bucket; split at most one region per bucket",
        ));
    }
    Ok((1..regions)
        .map(|i| (i as u128 * buckets as u128 / regions as u128) as usize)
        .collect())
}

/// Split points for a key layout: [`split_points`](crate::split_points) calls this with the
/// layout's constants.
///
/// - bucket salts: whole buckets per region ([`salt_buckets`], in the text form of the salt);
/// - an md5 prefix: evenly over the digest (raw bytes, or uppercase hex in a text key);
/// - no salt, a leading `#[hex(N)]` / `#[decimal(N)]` field: `HexStringSplit` /
///   `DecimalStringSplit` over N digits;
/// - otherwise the key space depends on the data: [`SplitError::NeedsSample`].
pub(crate) fn for_layout(
    salt: Salt,
    text: Option<SaltText>,
    leading: Option<(u32, usize, u128)>,
    regions: usize,
) -> Result<Vec<Vec<u8>>, SplitError> {
    if regions == 0 {
        return Err(SplitError::Empty);
    }
    if regions == 1 {
        return Ok(Vec::new());
    }
    match (salt, salt.buckets()) {
        (_, Some(_)) => match text {
            // Every distinct salt as it appears in the key, in byte order: at most 256 in a
            // text key.
            Some(t) => {
                let mut rendered: Vec<Vec<u8>> = salt
                    .bucket_salts()
                    .iter()
                    .map(|b| {
                        let mut out = [0u8; 32];
                        let n = t.render(b, &mut out);
                        out[..n].to_vec()
                    })
                    .collect();
                rendered.sort();
                Ok(bucket_starts(rendered.len(), regions)?
                    .into_iter()
                    .map(|i| rendered[i].clone())
                    .collect())
            }
            // Binary salts: the salt at each quantile, found without listing them all (a
            // salt of 2^31 - 1 buckets has that many).
            None => {
                let distinct = usize::try_from(salt.distinct_salts()).unwrap_or(usize::MAX);
                Ok(bucket_starts(distinct, regions)?
                    .into_iter()
                    .filter_map(|i| salt.nth_salt(i as u64))
                    .collect())
            }
        },
        (Salt::Md5 { len }, None) => {
            let len = usize::from(len);
            match text {
                None => {
                    let width = len.min(8);
                    if regions as u128 > 1u128 << (8 * width) {
                        return Err(SplitError::TooManySplits {
                            n: regions,
                            range: (1u128 << (8 * width)).to_string(),
                        });
                    }
                    Ok(uniform(regions)?
                        .into_iter()
                        .map(|p| p[..width].to_vec())
                        .collect())
                }
                Some(_) => {
                    let width = (2 * len).min(8);
                    let space = 1u64 << (4 * width);
                    if regions as u64 > space {
                        return Err(SplitError::TooManySplits {
                            n: regions,
                            range: space.to_string(),
                        });
                    }
                    Ok((1..regions as u64)
                        .map(|i| {
                            format!(
                                "{:0width$X}",
                                (u128::from(space) * u128::from(i) / regions as u128)
                            )
                            .into_bytes()
                        })
                        .collect())
                }
            }
        }
        _ => match leading {
            Some((radix, width, type_max)) => {
                let mut s = if radix == 16 {
                    NumberStringSplit::hex()
                } else {
                    NumberStringSplit::decimal()
                };
                // The largest value the field can hold: all digits, or the type's maximum.
                let digits_max = u128::from(radix)
                    .checked_pow(width as u32)
                    .map_or(u128::MAX, |p| p - 1);
                let last = Big::from_be_bytes(&digits_max.min(type_max).to_be_bytes())
                    .to_string_radix(radix);
                s.set_last_row(&format!("{last:0>width$}"))?;
                s.split(regions)
            }
            None => Err(SplitError::NeedsSample(
                "an unsalted key's leading field does not say how keys spread",
            )),
        },
    }
}
