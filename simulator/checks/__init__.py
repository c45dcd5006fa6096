"""What every simulated game is checked for, beyond what the game loop checks as it plays."""
