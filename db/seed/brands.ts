/**
 * Invented brands and model-line words for the demo catalogue, grouped by the
 * kind of maker that would sell each product type. None is a real trademark.
 */
export interface BrandGroup {
  brands: readonly string[];
  /** Model-line words placed between the brand and the product noun. */
  series: readonly string[];
}

export const strength: BrandGroup = {
  brands: ['IronPeak', 'Forgeline', 'Northbar', 'Anvilcraft', 'Gritstone'],
  series: ['Forge', 'Atlas', 'Summit', 'Granite', 'Core', 'Pro', 'Vertex', 'Ridge', 'Foundry', 'Keystone'],
};

export const cardio: BrandGroup = {
  brands: ['Kinetiq', 'Stridewell', 'Velora', 'Tideline', 'Rovan'],
  series: ['Glide', 'Stride', 'Cadence', 'Aero', 'Pulse', 'Flow', 'Drift', 'Motion', 'Swift', 'Orbit'],
};

export const training: BrandGroup = {
  brands: ['Loopwise', 'Bandcraft', 'Kinetiq', 'Gripstone', 'Corelux'],
  series: ['Flex', 'Loop', 'Core', 'Studio', 'Pro', 'Daily', 'Go', 'Travel', 'Active', 'Fit'],
};

export const mobility: BrandGroup = {
  brands: ['Zenmat', 'Lotusline', 'Stretchwise', 'Groundwork', 'Corelux'],
  series: ['Studio', 'Balance', 'Flow', 'Align', 'Ground', 'Still', 'Daily', 'Travel', 'Pro', 'Harmony'],
};

export const recovery: BrandGroup = {
  brands: ['Restora', 'Recoverly', 'Pulsewell', 'Thermiq', 'Frostform'],
  series: ['Relief', 'Reset', 'Deep', 'Restore', 'Mini', 'Pro', 'Elite', 'Go', 'Plus', 'Max'],
};

export const supplements: BrandGroup = {
  brands: ['Fuelcraft', 'PureForge Labs', 'Vitalyn', 'Greenroot', 'Hydrique'],
  series: ['Clean', 'Pure', 'Daily', 'Sport', 'Essential', 'Advanced', 'Everyday', 'Performance', 'Simple', 'Core'],
};

export const hydration: BrandGroup = {
  brands: ['Hydrique', 'Fuelcraft', 'Corelux', 'Summitflask', 'Loopwise'],
  series: ['Go', 'Daily', 'Trail', 'Sport', 'Classic', 'Pro', 'Mini', 'Max', 'Studio', 'Flow'],
};

export const protection: BrandGroup = {
  brands: ['Liftguard', 'Bracewell', 'Steadfast', 'Jointwell', 'Gripstone'],
  series: ['Pro', 'Power', 'Comp', 'Daily', 'Max', 'Flex', 'Lite', 'Elite', 'Core', 'Guard'],
};

export const tech: BrandGroup = {
  brands: ['Metrix', 'Vitalsense', 'Beatline', 'Pulsewell', 'Kinetiq'],
  series: ['Sense', 'Track', 'Pulse', 'One', 'Pro', 'Go', 'Active', 'Lite', 'Plus', 'Edge'],
};

export const office: BrandGroup = {
  brands: ['Deskline', 'Ergovia', 'Postura', 'Alignly', 'Stridewell'],
  series: ['Pro', 'Lift', 'Align', 'Flex', 'Work', 'Studio', 'Elite', 'Base', 'Duo', 'Summit'],
};

export const sleep: BrandGroup = {
  brands: ['Driftwell', 'Noctella', 'Calmora', 'Lumasleep', 'Restora'],
  series: ['Deep', 'Night', 'Calm', 'Dream', 'Still', 'Cloud', 'Hush', 'Rest', 'Soft', 'Luxe'],
};

export const homeAir: BrandGroup = {
  brands: ['Aerwyn', 'Mistwell', 'Clearhaven', 'Calmora', 'Brightgrove'],
  series: ['Pure', 'Fresh', 'Clear', 'Breeze', 'Mist', 'Home', 'Quiet', 'Max', 'Mini', 'Plus'],
};
