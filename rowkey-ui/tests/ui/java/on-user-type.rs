use rowkey::RowKey;

type Account = u64;

#[derive(RowKey)]
struct Key {
    #[java]
    account: Account,
}

fn main() {}
