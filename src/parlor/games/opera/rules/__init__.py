"""Opera's rules, one module per phase or role; `legal` lists moves, `flow` plays them."""
