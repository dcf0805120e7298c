//! The `volley` command line: a thin shell over the engine.

fn main() {
    println!("volley");
}
