"""What the built-in strategies, the fallback player and the hints read a position with: the
fast tactics and the fallback strategy (`tactics`), the triangle tracker (`tracker`), a late
position's independent regions (`regions`), runs and their controlled value (`loony`) and the
fight for the last stroke (`parity`). The host (the strategy runner, the table) and the app use
it; the built-in plugins build on it. It imports only core and computer_move."""
