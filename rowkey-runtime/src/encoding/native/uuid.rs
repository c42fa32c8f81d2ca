//! `uuid::Uuid` (feature `uuid`): its 16 bytes in network byte order (RFC 4122), which sort as
//! `Uuid`'s own `Ord` does.

use uuid::Uuid;

use super::KeyCodec;
use crate::cursor::{Reader, Writer};
use crate::error::{DecodeError, EncodeError};

/// ```
/// use rowkey::RowKey;
///
/// #[derive(RowKey, Debug, PartialEq)]
/// struct Session { user: uuid::Uuid, seq: u32 }
///
/// let user = uuid::Uuid::from_u128(0x0123_4567_89ab_cdef_0123_4567_89ab_cdef);
/// let key = Session { user, seq: 1 }.encode().unwrap();
/// assert_eq!(&key[..16], user.as_bytes());
/// assert_eq!(Session::FIXED_LEN, Some(20));
/// assert_eq!(Session::decode(&key).unwrap(), Session { user, seq: 1 });
/// ```
impl KeyCodec for Uuid {
    const WIDTH: Option<usize> = Some(16);
    const MAX_WIDTH: Option<usize> = Some(16);

    fn value_type() -> crate::layout::value::ValueType {
        crate::layout::value::ValueType::Uuid
    }

    #[inline]
    fn encoded_len(&self, _last: bool) -> usize {
        16
    }

    #[inline]
    fn encode(&self, w: &mut Writer<'_>, _last: bool) -> Result<(), EncodeError> {
        w.put(self.as_bytes());
        Ok(())
    }

    #[inline]
    fn decode(r: &mut Reader<'_>, _last: bool) -> Result<Self, DecodeError> {
        Ok(Uuid::from_bytes(r.take()?))
    }
}
