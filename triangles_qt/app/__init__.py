"""The desktop app (Qt): the game session and its seats, the board scene and view, the main window
and dialogs."""
