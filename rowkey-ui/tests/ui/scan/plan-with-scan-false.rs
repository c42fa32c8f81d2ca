use rowkey::RowKey;

#[derive(RowKey)]
#[rowkey(plan = "build", scan = false)]
struct Step {
    plan: u32,
    step: u32,
}

fn main() {}
