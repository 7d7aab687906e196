// the browser table
