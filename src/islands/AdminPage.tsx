/** The admin pages' island (spec section 2, Admin routes): the admin app of src/islands/admin/, opened at one section. */
export { default } from './admin/AdminApp.tsx';
