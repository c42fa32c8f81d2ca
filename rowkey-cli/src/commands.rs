//! One module per subcommand.

pub mod check_splits;
pub mod compat;
pub mod decode;
pub mod heat;
pub mod hotspot;
pub mod lock;
pub mod migrate;
pub mod migrate_job;
pub mod splits;
pub mod tsb;
