// Moved to the shared UI (the chart layer saves files too); kept for the screens importing it from here.
export { saveFile } from '../../shared/ui/save-file.ts';
