//! What `#[derive(RowKey)]`'s generated code names and users never do. Not public API.
//!
//! Generated code names the runtime's public items through the crate path (`rowkey::Writer`,
//! `rowkey::RowKey`) and, through this module, only: the [`Format`] trait and the field
//! adapters every encoding shares (with the traits that bound them, which errors name); each encoding's own formats in its module (`text`, `java`,
//! `phoenix`, `hbase_ordered`, `bigtable`, `fdb_tuple`: the runtime's `encoding/` folders); the
//! key's helpers (`key`), the `max_len` check (`budget`), `explain`'s table (`explain`), the
//! scan builder's states, planner and refusals (`scan`), the gate of split points (`splits`);
//! and the std names it spells without the user's scope (a user's `struct Ok;` cannot shadow
//! `__p::Ok`). The modules are the runtime's own, re-exported whole, so that a compile error
//! names their items by these paths.

pub use core::convert::Into;
pub use core::marker::PhantomData;
pub use core::ops::{Bound, RangeBounds};
pub use core::option::Option::{self, None, Some};
pub use core::result::Result::{self, Err, Ok};
pub use std::string::String;

pub use crate::encoding::capped::{CapLen, Capped};
pub use crate::encoding::digits::{Decimal, Hex, Unsigned};
pub use crate::encoding::fixed::{Fixed, FixedWidth};
pub use crate::encoding::option::Opt;
pub use crate::encoding::reverse::Reverse;
pub use crate::encoding::{Format, Natural};

pub use crate::encoding::{bigtable, fdb_tuple, hbase_ordered, java, phoenix, text};

pub mod budget;
mod builder;
pub mod run;
pub mod scan;
pub mod splits;

/// `explain`'s table, and how it renders a field's value.
pub mod explain {
    pub use crate::explain::{
        render_bytes, render_bytes_of, render_debug, DebugProbe, Explainer, Render, RenderDebug,
        RenderFallback, ViaDebug, ViaFallback,
    };
}

/// The helpers of a key's `encode`, `decode`, constants and `layout()`.
pub mod key {
    pub use crate::encoding::sum;
    pub use crate::key::{
        check_key_len, check_salt, explain_salt, less, read_before, read_salt, write_salt,
    };
    pub use crate::layout::{fingerprint, layout_of};
}
