//! [`Background`]: the runtime a blocking store (Bigtable's `MoveTables` and
//! `CheckpointTable`, `etcd::EtcdTable`) runs its requests on, usable from any thread, async
//! code included.
//!
//! A store that owned a runtime and called its `block_on` panicked when called from an async
//! task ("Cannot start a runtime from within a runtime") and when dropped there ("Cannot drop
//! a runtime in a context where blocking is not allowed"). Here a request is spawned on the
//! store's runtime and its answer awaited on a plain channel: the calling thread waits (it may
//! be a runtime's worker; the request does not need it), and the runtime is shut down in the
//! background when the last handle goes, wherever that is.

use std::future::Future;
use std::sync::mpsc;

/// A multi-threaded runtime of a store's own, shut down without blocking when dropped.
pub(crate) struct Background {
    rt: Option<tokio::runtime::Runtime>,
}

impl Background {
    pub(crate) fn new(name: &str) -> Background {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name(name)
            .enable_all()
            .build()
            .expect("a tokio runtime for the store's requests");
        Background { rt: Some(rt) }
    }

    /// Runs `request` on the store's runtime and waits for its answer on this thread.
    pub(crate) fn run<F>(&self, request: F) -> F::Output
    where
        F: Future + Send + 'static,
        F::Output: Send + 'static,
    {
        let (tx, rx) = mpsc::sync_channel(1);
        let rt = self.rt.as_ref().expect("the runtime lives until dropped");
        rt.spawn(async move {
            let _ = tx.send(request.await);
        });
        match rx.recv() {
            Ok(answer) => answer,
            // The task was dropped unfinished: it panicked (its message is on stderr).
            Err(_) => panic!("a request of the store's runtime panicked"),
        }
    }
}

#[cfg(all(feature = "bigtable", feature = "migrate"))]
impl Background {
    /// Runs `rows` on the store's runtime, its items forwarded to the stream returned (a
    /// channel of 64 rows): whatever runtime polls the result, the requests and the
    /// connections they open live on the store's, which lives as long as the store.
    pub(crate) fn stream<S>(
        &self,
        rows: S,
    ) -> impl futures_core::Stream<Item = S::Item> + Send + use<S>
    where
        S: futures_core::Stream + Send + 'static,
        S::Item: Send + 'static,
    {
        use futures_util::StreamExt;
        let (tx, rx) = tokio::sync::mpsc::channel(64);
        let rt = self.rt.as_ref().expect("the runtime lives until dropped");
        rt.spawn(async move {
            let mut rows = Box::pin(rows);
            while let Some(row) = rows.next().await {
                if tx.send(row).await.is_err() {
                    return; // The reader dropped its stream.
                }
            }
        });
        futures_util::stream::unfold(rx, |mut rx| async move { rx.recv().await.map(|r| (r, rx)) })
    }
}

impl Drop for Background {
    fn drop(&mut self) {
        if let Some(rt) = self.rt.take() {
            rt.shutdown_background();
        }
    }
}
