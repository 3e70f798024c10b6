// Importing the root registers every event definition (the catalogue the recorder checks against).
import '../../streams/root';
