"""The desktop app (Qt): controller, board scene and view, main window and dialogs."""
